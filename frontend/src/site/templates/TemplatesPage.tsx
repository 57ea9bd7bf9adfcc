import StarIcon from '@mui/icons-material/Star';
import { Box, Button, Card, CardActions, CardContent, Chip, Container, Grid, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useUser } from '../../api/http';
import { ACCOUNT_TYPES } from '../../generator/gates';
import { PageHeader } from '../../ui/PageHeader';
import { QR_TYPE_LABELS } from '../../ui/qr-types';
import { usePageTitle } from '../../ui/usePageTitle';
import { SELECTED_TEMPLATE_KEY, type SelectedTemplate } from '../../ui/usePreselection';
import { TEMPLATE_CATEGORIES, TEMPLATES, type Template } from './templates';

export function TemplatesPage() {
  usePageTitle('QR Code Templates - QR Code Sharks');
  const [category, setCategory] = useState<(typeof TEMPLATE_CATEGORIES)[number]['value']>('all');
  const navigate = useNavigate();
  const { user } = useUser();
  // A type that needs an account (Menu/PDF) leads a visitor through sign-up, then to the generator prefilled.
  const needsSignUp = (template: Template) => !user && ACCOUNT_TYPES.includes(template.qrType);
  const visible = category === 'all' ? TEMPLATES : TEMPLATES.filter((template) => template.category === category);

  const applyTemplate = (template: Template) => {
    const selected: SelectedTemplate = { qrType: template.qrType, previewData: template.previewData, title: template.title };
    try {
      window.sessionStorage.setItem(SELECTED_TEMPLATE_KEY, JSON.stringify(selected));
    } catch {
      // storage blocked: the generator still opens on the right type
    }
    const generator = `/?qr=${template.qrType}`;
    navigate(needsSignUp(template) ? `/auth?${new URLSearchParams({ mode: 'register', next: generator }).toString()}` : generator);
  };

  return (
    <>
      <PageHeader title="QR Code Templates" subtitle="Start from a ready-made template, then adjust the content and style to your brand." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Stack direction="row" role="group" aria-label="Filter templates by category" sx={{ flexWrap: 'wrap', gap: 1, mb: 4 }}>
          {TEMPLATE_CATEGORIES.map((option) => (
            <Chip
              key={option.value}
              label={option.label}
              clickable
              color={category === option.value ? 'primary' : 'default'}
              variant={category === option.value ? 'filled' : 'outlined'}
              aria-pressed={category === option.value}
              onClick={() => setCategory(option.value)}
            />
          ))}
        </Stack>
        <Grid container spacing={3}>
          {visible.map((template) => (
            <Grid key={template.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card
                variant="outlined"
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                data-testid={`template-${template.id}`}
              >
                <CardContent sx={{ flexGrow: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }}>
                    <Chip size="small" label={TEMPLATE_CATEGORIES.find((option) => option.value === template.category)?.label} />
                    <Chip size="small" variant="outlined" label={QR_TYPE_LABELS[template.qrType]} />
                    {template.popular && <Chip size="small" color="warning" icon={<StarIcon />} label="Popular" />}
                  </Stack>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {template.title}
                  </Typography>
                  <Typography color="text.secondary">{template.description}</Typography>
                  {needsSignUp(template) && (
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      Uploading your file needs a free account: you sign up first, then the generator opens with this template.
                    </Typography>
                  )}
                </CardContent>
                <CardActions sx={{ p: 2, pt: 0 }}>
                  <Button variant="contained" onClick={() => applyTemplate(template)} aria-label={`Use Template: ${template.title}`}>
                    Use Template
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Need something else?
          </Typography>
          <Button component={RouterLink} to="/" variant="outlined" size="large">
            Create Custom QR Code
          </Button>
        </Box>
      </Container>
    </>
  );
}
