export { PrivacyRequests } from './PrivacyRequests';
