import PeopleIcon from '@mui/icons-material/People';
import { SubscriberList } from './SubscriberList';

export const subscribers = {
  list: SubscriberList,
  icon: PeopleIcon,
  options: { label: 'Subscribers' },
};
