import FacebookIcon from '@mui/icons-material/Facebook';
import GitHubIcon from '@mui/icons-material/GitHub';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PinterestIcon from '@mui/icons-material/Pinterest';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { Box, Container, Grid, IconButton, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useUser } from '../api/http';
import { NewsletterForm } from './NewsletterForm';
import { DEFAULT_BRAND, useWhiteLabelConfig } from './white-label';

const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/qrcodesharks', Icon: FacebookIcon },
  { label: 'X (Twitter)', href: 'https://x.com/qrcodesharks', Icon: XIcon },
  { label: 'Instagram', href: 'https://www.instagram.com/qrcodesharks', Icon: InstagramIcon },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/qrcodesharks', Icon: LinkedInIcon },
  { label: 'YouTube', href: 'https://www.youtube.com/@qrcodesharks', Icon: YouTubeIcon },
  { label: 'Pinterest', href: 'https://www.pinterest.com/qrcodesharks', Icon: PinterestIcon },
  { label: 'GitHub', href: 'https://github.com/qrcodesharks', Icon: GitHubIcon },
] as const;

const FOOTER_LINKS = [
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Blog', to: '/blog' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Terms', to: '/terms' },
] as const;

export function Footer() {
  const { user } = useUser();
  const { config } = useWhiteLabelConfig();
  const name = config?.name || DEFAULT_BRAND;
  return (
    <Box component="footer" sx={{ bgcolor: '#0f172a', color: '#e2e8f0', mt: 8, pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        {!user && (
          <Box
            component="section"
            aria-labelledby="footer-newsletter"
            sx={{ mb: 5, p: { xs: 2, sm: 3 }, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.06)' }}
          >
            <Grid container spacing={2} sx={{ alignItems: 'center' }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <Typography id="footer-newsletter" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                  Get weekly Shark Tips
                </Typography>
                <Typography variant="body2" sx={{ color: '#cbd5e1' }}>
                  One short email a week: QR code ideas, print checklists and campaign tactics that work. Unsubscribe any time.
                </Typography>
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <NewsletterForm dense />
              </Grid>
            </Grid>
          </Box>
        )}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between' }}
        >
          <Box component="nav" aria-label="Footer" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {FOOTER_LINKS.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} sx={{ color: '#e2e8f0' }} underline="hover">
                {link.label}
              </Link>
            ))}
          </Box>
          <Box aria-label="Social profiles" role="list" sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {SOCIAL_LINKS.map(({ label, href, Icon }) => (
              <IconButton
                key={label}
                role="listitem"
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={label}
                sx={{ color: '#e2e8f0' }}
              >
                <Icon />
              </IconButton>
            ))}
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 3, color: '#94a3b8' }}>
          © {new Date().getFullYear()} {name}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
