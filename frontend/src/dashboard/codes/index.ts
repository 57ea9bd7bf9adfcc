import QrCode2Icon from '@mui/icons-material/QrCode2';
import { CodeList } from './CodeList';
import { codeTitle } from './code-text';

/** The codes resource (react-admin demo layout): the list view; changes happen in the cards' dialogs. */
export const codes = {
  list: CodeList,
  icon: QrCode2Icon,
  recordRepresentation: codeTitle,
};
export { PausedCodeList } from './CodeList';
export { CreateCode } from './CreateCode';
