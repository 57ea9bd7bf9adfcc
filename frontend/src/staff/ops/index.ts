import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import { DeadLetterList } from './DeadLetterList';
import { DeadLetterShow } from './DeadLetterShow';
import { OperationsPage } from './OperationsPage';

/** Operations (issue 19, admins of the default brand only): projections and their rebuilds, the scan pipeline. */
export const projections = { list: OperationsPage, icon: SettingsSuggestIcon, options: { label: 'Operations' } };
/** Events a projection refused, with Retry and Skip. */
export const deadLetters = { list: DeadLetterList, show: DeadLetterShow, icon: ErrorOutlineIcon, options: { label: 'Dead letters' } };
