import { Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { DEFAULT_BRAND, useWhiteLabelConfig } from '../../ui/white-label';
import { LegalQuestions, LegalSection } from './LegalSection';

/** The terms of use, in plain words, saying only what the product does (issue 30 item 9). */
export function TermsPage() {
  const brand = useWhiteLabelConfig().config?.name || DEFAULT_BRAND;
  usePageTitle('Terms - QR Code Sharks');
  return (
    <>
      <PageHeader title="Terms of use" subtitle={`The rules for using ${brand}, in plain words.`} />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <LegalSection title="The service">
          <Typography component="p">
            {brand} lets anyone create, style and download QR codes. With an account you can save codes and create dynamic codes, whose
            printed pattern points to a short link we run, so you can change the destination, pause the code and see its scans.
          </Typography>
        </LegalSection>

        <LegalSection title="Plans and the free trial">
          <Typography component="p">
            Static codes are free and never expire: their content is inside the printed pattern and does not depend on us. A free trial of 3
            days, without a card, lets you create up to 12 dynamic codes. After the trial, a free plan keeps a limited number of dynamic
            codes; paid plans are billed by Stripe and can be cancelled at any time.
          </Typography>
          <Typography component="p">
            Dynamic codes work only while our short links answer for them: a paused, suspended or deleted code, or one of a deleted account,
            no longer redirects.
          </Typography>
        </LegalSection>

        <LegalSection title="Your account">
          <Typography component="p">
            Keep your password to yourself; you are responsible for what is done with your account. You can delete it at any time in{' '}
            <Link component={RouterLink} to="/account-settings">
              account settings
            </Link>
            .
          </Typography>
        </LegalSection>

        <LegalSection title="Acceptable use">
          <Typography component="p">
            Do not use codes to send people to malware, phishing, scams or content that is illegal where you or they are. We check
            destinations against a list of blocked domains, and our staff can suspend a code or disable an account that breaks these rules;
            a suspended code stops redirecting until the suspension is lifted.
          </Typography>
        </LegalSection>

        <LegalSection title="Your content and your data">
          <Typography component="p">
            The content of your codes and the files you upload stay yours; you give us the right to store and serve them so the service
            works. What we store and for how long is described on the{' '}
            <Link component={RouterLink} to="/privacy">
              Privacy
            </Link>{' '}
            page.
          </Typography>
        </LegalSection>

        <LegalSection title="Availability">
          <Typography component="p">
            We work to keep the generator and the short links running, but the service is provided as it is, without a guarantee that it is
            never interrupted. Test a printed code before you print many.
          </Typography>
        </LegalSection>

        <LegalQuestions prompt="Write to us about these terms." />
      </Container>
    </>
  );
}
