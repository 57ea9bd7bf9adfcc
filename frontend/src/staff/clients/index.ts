import StorefrontIcon from '@mui/icons-material/Storefront';
import { ClientCreate } from './ClientCreate';
import { ClientEdit } from './ClientEdit';
import { ClientList } from './ClientList';
import { ClientShow } from './ClientShow';

/** Tenants (white-label clients, issue 19): create and edit are given to the Resource only for those who may use them. */
export const clients = {
  list: ClientList,
  show: ClientShow,
  create: ClientCreate,
  edit: ClientEdit,
  icon: StorefrontIcon,
  options: { label: 'Tenants' },
  recordRepresentation: 'name',
};
