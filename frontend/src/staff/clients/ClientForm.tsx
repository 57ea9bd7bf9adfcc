import { Box, Stack } from '@mui/material';
import { BooleanInput, required, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './client';
import { ThemePreview } from './ThemePreview';

/**
 * Every field of the website spec's white-label client, with its defaults (#3B82F6 and #1E40AF), beside a live preview
 * of the theme. Empty optional fields are sent as none (the spec: left out when empty); the server's field messages
 * show under their fields.
 */
export function ClientForm({ edit, ...props }: Omit<SimpleFormProps, 'children'> & { edit?: boolean }) {
  return (
    <SimpleForm {...props} defaultValues={edit ? undefined : { primaryColor: DEFAULT_PRIMARY, secondaryColor: DEFAULT_SECONDARY }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ width: '100%', alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <TextInput source="name" label="Name" validate={required('Name is required')} fullWidth />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <TextInput source="customDomain" label="Custom domain" placeholder="qr.example.com" fullWidth />
            <TextInput source="subdomain" label="Subdomain" placeholder="acme" fullWidth />
          </Stack>
          <TextInput source="logoUrl" label="Logo URL" type="url" fullWidth />
          <TextInput source="customFavicon" label="Favicon URL" type="url" fullWidth />
          <Stack direction="row" spacing={2}>
            <TextInput source="primaryColor" label="Primary colour" type="color" fullWidth />
            <TextInput source="secondaryColor" label="Secondary colour" type="color" fullWidth />
          </Stack>
          <TextInput
            source="customCSS"
            label="Custom CSS"
            multiline
            minRows={4}
            fullWidth
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
          />
          <BooleanInput source="removeQRCodeSharksBranding" label="Remove QR Code Sharks branding" />
          {edit && <BooleanInput source="isActive" label="Active" />}
        </Box>
        <ThemePreview />
      </Stack>
    </SimpleForm>
  );
}
