import QrCode2Icon from '@mui/icons-material/QrCode2';
import { CodeEdit } from './CodeEdit';
import { CodeList } from './CodeList';
import { codeTitle } from './code-text';

/** The codes resource (react-admin demo layout): the list view, and the editor of one code (content and style). */
export const codes = {
  list: CodeList,
  edit: CodeEdit,
  icon: QrCode2Icon,
  recordRepresentation: codeTitle,
};
export { PausedCodeList } from './CodeList';
export { CreateCode } from './CreateCode';
export { CodeDuplicate } from './CodeEdit';
