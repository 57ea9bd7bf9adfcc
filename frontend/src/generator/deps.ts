// The one place the generator reaches into modules owned by other areas of the frontend, so a
// change on their side is adapted here and nowhere else.
export { apiJson, apiRequest, newIdempotencyKey, queryClient, serverMessage, useUser } from '../api/http';
export type { User } from '../api/http';
export { toast } from '../ui/toast';
export type { ToastInput } from '../ui/toast';
export { dynamicLimitMessage, useTrialStatus, type TrialStatus } from '../ui/trial-status';
