import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Container, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';

function Placeholder({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', bgcolor: 'background.default' }}>
      <Container maxWidth="sm">
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          {icon}
          <Typography variant="h4" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {text}
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            Create your own QR code
          </Button>
        </Paper>
      </Container>
    </Box>
  );
}

/** Encoded into preview PDF codes before the real file is uploaded. */
export function PdfPlaceholderPage() {
  const [params] = useSearchParams();
  const title = params.get('title') || 'PDF document';
  usePageTitle(`${title} - QR Code Sharks`);
  return (
    <Placeholder
      icon={<PictureAsPdfIcon color="error" sx={{ fontSize: 64 }} aria-hidden="true" />}
      title={title}
      text={
        'This QR code will open the PDF once its owner has saved it. ' +
        'Scanned a printed code and see this? Ask the owner to save the code in their account.'
      }
    />
  );
}

/** Encoded into preview image codes before the images are uploaded. */
export function ImagePlaceholderPage() {
  const [params] = useSearchParams();
  const title = params.get('title') || 'Image gallery';
  usePageTitle(`${title} - QR Code Sharks`);
  return (
    <Placeholder
      icon={<ImageIcon color="primary" sx={{ fontSize: 64 }} aria-hidden="true" />}
      title={title}
      text={
        'This QR code will show the images once its owner has saved it. ' +
        'Scanned a printed code and see this? Ask the owner to save the code in their account.'
      }
    />
  );
}
