import { Box, Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { DEFAULT_BRAND, useWhiteLabelConfig } from '../../ui/white-label';
import {
  COOKIE_FACTS,
  lifetime,
  MAIL_RECIPIENT_RETENTION_DEFAULT_DAYS,
  SESSION_IDLE_DEFAULT_MS,
  VISITOR_HASH_RETENTION_DEFAULT_DAYS,
} from './legal-facts';
import { LegalQuestions, LegalSection } from './LegalSection';

/**
 * What the product stores, as the code stores it today (issue 30 item 9). When the code changes what it keeps, this
 * page changes with it; cookie names and lifetimes come from legal-facts.ts, which a backend spec ties to the code.
 */
export function PrivacyPage() {
  const brand = useWhiteLabelConfig().config?.name || DEFAULT_BRAND;
  usePageTitle('Privacy - QR Code Sharks');
  return (
    <>
      <PageHeader title="Privacy" subtitle={`What ${brand} stores about you and the people who scan your codes, why, and for how long.`} />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <LegalSection title="Who we are">
          <Typography component="p">
            {brand} runs this site and the short links (<code>/d/…</code>) inside its dynamic QR codes. The same software also runs under
            other brands; each brand&apos;s site, its accounts and their codes are kept apart, and this page describes what the software
            stores for every one of them.
          </Typography>
        </LegalSection>

        <LegalSection title="Your account">
          <Typography component="p">
            When you sign up we store your username, your email address and a hash of your password (never the password itself). If you sign
            in with Google we store the Google account id and the address Google gives us. We also keep whether your address is verified,
            your roles, your plan, your trial dates and your notification choices.
          </Typography>
          <Typography component="p">
            The QR codes you save are stored with their content, style, name and history; dynamic codes keep every change (who changed what,
            and when) as an audit trail. Files you upload for a code (PDFs, images, logos) are stored on our server under random names.
          </Typography>
        </LegalSection>

        <LegalSection title="People who scan your codes">
          <Typography component="p">When someone scans a dynamic code, the short link records one scan with:</Typography>
          <ul>
            <li>
              a visitor hash: a salted SHA-256 hash of the IP address, the browser&apos;s user agent and the day. It lets us count unique
              visitors per day; the salt is secret and the hash changes every day, so it cannot follow anyone from one day to the next;
            </li>
            <li>the country, looked up from the IP address with a country database on our server (no outside service);</li>
            <li>the kind of device, the operating system and the browser, read from the user agent, and whether it looks like a bot;</li>
            <li>the referring page, when the browser sends one, and the browser&apos;s preferred language.</li>
          </ul>
          <Typography component="p">
            We never store the full IP address. Between the short link and our analytics, a shortened address (the last part removed) waits
            in a queue until the scan is recorded, then it is gone.
          </Typography>
        </LegalSection>

        <LegalSection title="Cookies and browser storage">
          <Typography component="p">
            We use no advertising or tracking cookies and no third-party analytics. These are the only cookies the site sets; all of them
            are HttpOnly (page scripts cannot read them), SameSite=Lax and, on https, Secure:
          </Typography>
          {/* A plain table (not MUI's Table): its shared chunk would otherwise join the landing page's budget. */}
          <Box sx={{ overflowX: 'auto', mb: 2 }}>
            <Box
              component="table"
              aria-label="Cookies"
              sx={{
                borderCollapse: 'collapse',
                width: '100%',
                '& th, & td': { textAlign: 'left', verticalAlign: 'top', p: 1, borderBottom: '1px solid', borderColor: 'divider' },
              }}
            >
              <thead>
                <tr>
                  <th scope="col">Cookie</th>
                  <th scope="col">Lifetime</th>
                  <th scope="col">Purpose</th>
                </tr>
              </thead>
              <tbody>
                {COOKIE_FACTS.map((cookie) => (
                  <tr key={cookie.name}>
                    <td>
                      <code>{cookie.name}</code>
                    </td>
                    <td>{lifetime(cookie.maxAgeMs)}</td>
                    <td>{cookie.purpose}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
          <Typography component="p">
            The generator keeps a random id in your browser&apos;s local storage (<code>qrSessionId</code>) to count codes generated without
            an account, and the site remembers a chosen template or content type in your browser&apos;s storage. The payment page loads
            Stripe, which sets its own cookies to prevent fraud.
          </Typography>
        </LegalSection>

        <LegalSection title="Mails">
          <Typography component="p">
            We send mails you ask for or need: address verification, password reset, payment receipts, notifications you can switch off in
            account settings, and the newsletter. Each mail is recorded in a send ledger (the recipient&apos;s address, the kind of mail,
            and whether and when it was sent) so that no mail goes out twice.
          </Typography>
          <Typography component="p">
            The newsletter uses double opt-in: signing up stores your address as unconfirmed and mails a confirmation link; you receive
            newsletters only after clicking it, and every newsletter has an unsubscribe link. Messages sent through the contact form are
            stored with the name and address you give.
          </Typography>
        </LegalSection>

        <LegalSection title="Payments">
          <Typography component="p">
            Card payments are handled by Stripe; your card number never reaches our servers. We store what Stripe tells us about the payment
            or subscription: the payer&apos;s address, the amount, the product and its status.
          </Typography>
        </LegalSection>

        <LegalSection title="How long we keep it">
          <Typography component="p">
            A session ends after {lifetime(SESSION_IDLE_DEFAULT_MS)} unused (or the time this site sets), after{' '}
            {lifetime(COOKIE_FACTS[0].maxAgeMs)} at most, or when you log out.
          </Typography>
          <Typography component="p">
            Visitor hashes are kept for {VISITOR_HASH_RETENTION_DEFAULT_DAYS} days (these are the defaults; this site may set others): after
            that the analytics keep each day&apos;s scans and unique-visitor counts, but replace the hashes with numbers that only tell that
            day&apos;s visitors apart (the scan&apos;s own record in the event log, described below, keeps its hash). The mail ledger keeps
            a recipient&apos;s address for {MAIL_RECIPIENT_RETENTION_DEFAULT_DAYS} days; after that a recorded mail keeps only its kind and
            whether and when it was sent. Everything else is kept while your account exists.
          </Typography>
          <Typography component="p">
            {brand} is built on an event log: every change (an account created, a code saved, a scan) is recorded as an event, and the event
            log is kept. The personal data inside those events (your address, names, username, what you typed into a code and its tags, a
            payer&apos;s address, a contact message&apos;s sender and text, a newsletter address) is encrypted with a key of its own person;
            deleting the account, or an erasure we make on request, deletes that key, and from then on that data cannot be read anywhere. A
            scan&apos;s event keeps its visitor hash, which names no one.
          </Typography>
        </LegalSection>

        <LegalSection title="Getting a copy of your data">
          <Typography component="p">
            In{' '}
            <Link component={RouterLink} to="/account-settings">
              account settings
            </Link>
            , &quot;Download my data&quot; gives you everything we hold about you as one JSON file you can read or take to another service:
            your account (name, address, plan), every QR code with its content, style and history, each code&apos;s scans per day with the
            country, device, operating system, browser, referrer and hour breakdowns, your analytics share links, the payments your codes
            received, your notification settings, and the mails we recorded for you. It does not contain your password (we only keep a hash
            of it), the visitor hashes of people who scanned your codes, or the addresses of people who paid you. You can download it a few
            times an hour.
          </Typography>
        </LegalSection>

        <LegalSection title="Deleting your account">
          <Typography component="p">
            You can delete your account in{' '}
            <Link component={RouterLink} to="/account-settings">
              account settings
            </Link>
            . At once your account can no longer sign in, its codes stop answering (their short links return &quot;not found&quot;), its
            uploaded files are no longer served, its analytics share links are revoked, a running subscription is cancelled, and your
            username becomes free. Your personal data is erased: its key is deleted, so what the event log recorded about you (your address,
            names, your codes&apos; content) can no longer be read, and the lists that named you say &quot;Deleted user&quot;. Your username
            and, if you signed in with Google, your Google account id still name two internal records that keep the username reserved; we
            are changing that.
          </Typography>
        </LegalSection>

        <LegalQuestions prompt="Ask us anything about your data." />
      </Container>
    </>
  );
}
