export const INQUIRY_TYPES = [
  { value: 'general', label: 'General question' },
  { value: 'support', label: 'Technical support' },
  { value: 'business', label: 'Business and partnerships' },
  { value: 'feedback', label: 'Feedback' },
] as const;

export type InquiryType = (typeof INQUIRY_TYPES)[number]['value'];

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType: InquiryType;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(form: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const errors: Partial<Record<keyof ContactForm, string>> = {};
  if (form.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL.test(form.email.trim())) errors.email = 'Please enter a valid email address';
  if (form.subject.trim().length < 5) errors.subject = 'Subject must be at least 5 characters';
  if (form.message.trim().length < 10) errors.message = 'Message must be at least 10 characters';
  if (!INQUIRY_TYPES.some((type) => type.value === form.inquiryType)) errors.inquiryType = 'Please choose an inquiry type';
  return errors;
}
