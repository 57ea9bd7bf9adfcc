import type { OperationObject, PathItemObject, ResponseObject } from '@nestjs/swagger';
import { UNLOCK_WINDOW_SECONDS } from './code-unlock';

/**
 * /d/{shortCode} in /api/docs. It is answered on the node:http fast path (redirect.handler.ts), which Nest's router
 * never sees, so it is described here by hand, beside the handler, and registered with it (FastPathRegistry).
 */
const page = (description: string): ResponseObject => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const redirect: ResponseObject = {
  description:
    "To the code's destination, or the one its routing chose (rules, split, afterLimit); the scan is recorded first. " +
    'Cache-Control: no-store.',
  headers: { Location: { description: 'An absolute http(s) URL', schema: { type: 'string' } } },
};
const shortCode = {
  name: 'shortCode',
  in: 'path' as const,
  required: true,
  description: "The code's short code (8 random characters, or a chosen back-half of 4 to 64): letters, digits, - and _",
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
};
const common: Record<string, ResponseObject> = {
  '302': redirect,
  '404': page(
    'No such code on this host (unknown, deleted, of another brand, malformed), a URL code without a destination, or not valid yet',
  ),
  '410': page('Disabled (suspended by staff, or its destination is blocked), or past its validity or scan limit without afterLimit'),
  '503': page('The code could not be looked up now; try again'),
};

const scan: OperationObject = {
  operationId: 'scan',
  summary: 'Scan a dynamic code',
  description: 'What a phone that scanned the code opens. API keys: not accepted (public).',
  parameters: [shortCode],
  responses: {
    '200': page(
      "The code's hosted page (contact, PDF, images, event, ...: types without a web address), the paused page, or the password " +
        'page of a protected code (nothing recorded until the password is right)',
    ),
    ...common,
  },
};

const unlock: OperationObject = {
  operationId: 'unlockScan',
  summary: "Send a protected code's password (the password page's form)",
  description: `Rate-limited per code and client IP (${UNLOCK_WINDOW_SECONDS} s window). API keys: not accepted (public).`,
  parameters: [shortCode],
  requestBody: {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: { type: 'object', properties: { password: { type: 'string' } }, required: ['password'] },
      },
    },
  },
  responses: {
    '200': page('The right password: the hosted page of a code without a destination'),
    '302': redirect,
    '400': page('The password page again: not a form, or no password'),
    '401': page('The password page again: Incorrect password'),
    '404': common['404'],
    '405': { description: 'The code has no password: only GET and HEAD' },
    '410': common['410'],
    '413': page('The password page again: the form was too large'),
    '429': page('The password page again: too many attempts (Retry-After)'),
    '503': common['503'],
  },
};

export const REDIRECT_PATHS: Record<string, PathItemObject> = {
  '/d/{shortCode}': { get: scan, head: { ...scan, operationId: 'scanHead', summary: 'As GET, without the body' }, post: unlock },
};
