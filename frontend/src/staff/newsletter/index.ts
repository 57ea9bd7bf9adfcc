import CampaignIcon from '@mui/icons-material/Campaign';
import { CampaignList, CampaignShow } from './CampaignList';

export { NewsletterManager } from './NewsletterManager';
export const campaigns = { list: CampaignList, show: CampaignShow, icon: CampaignIcon, options: { label: 'Campaigns' } };
