import QrCodeIcon from '@mui/icons-material/QrCode2';
import { CodeList } from './CodeList';
import { CodeShow } from './CodeShow';

export const codes = { list: CodeList, show: CodeShow, icon: QrCodeIcon, recordRepresentation: 'label', options: { label: 'QR codes' } };
