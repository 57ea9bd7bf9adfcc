import BlockIcon from '@mui/icons-material/Block';
import { BlockedDomainCreate } from './BlockedDomainCreate';
import { BlockedDomainList } from './BlockedDomainList';

export const blockedDomains = {
  list: BlockedDomainList,
  create: BlockedDomainCreate,
  icon: BlockIcon,
  options: { label: 'Blocked domains' },
};
