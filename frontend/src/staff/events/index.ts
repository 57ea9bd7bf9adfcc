import HistoryIcon from '@mui/icons-material/History';
import { EventList } from './EventList';
import { EventShow } from './EventShow';

export const events = { list: EventList, show: EventShow, icon: HistoryIcon, options: { label: 'Audit log' } };
