import { eventCatalogue } from '../typed-events';
import { personalData } from './personal-data-registry';

/**
 * The record of an erasure (issue 32 item 2), on stream `personal-data-erasure-{subject}`: the subject's keys (and
 * the keys it owns) are gone. It names no personal data: subjects are ids or salted hashes. Appended by the account's
 * deletion (`user:{id}` and `email:{hash}` of its address) and by the staff's erasures (`payer:{hash}`,
 * `contact:{messageId}`); the privacy feature's projection erases the keys again whenever it replays them, which is
 * how an erasure reaches a key table restored from a backup (docs/operations.md).
 */
export interface PersonalDataErased {
  subject: string;
  reason: 'account-deleted' | 'staff-request';
}

export const PERSONAL_DATA_ERASED = 'PersonalDataErased';

export const erasureStream = (subject: string) => `personal-data-erasure-${subject}`;

/** The catalogue of readers that narrow it (the audit log records the staff's erasures). */
export const PRIVACY_EVENTS = eventCatalogue<{ PersonalDataErased: PersonalDataErased }>({ PersonalDataErased: true });

personalData.registerErasure<PersonalDataErased>(PERSONAL_DATA_ERASED, (data) => data.subject);
