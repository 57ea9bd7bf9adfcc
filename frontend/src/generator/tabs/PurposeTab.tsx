// Purpose tab: the type dropdown and the chosen type's fields. Messages come from qr-core's
// schemas (spec section 5) and show under each field.
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { QR_TYPE_LABELS, type QrType } from '@qrsharks/qr-core/browser';
import { useId, useRef } from 'react';
import { CONTENT_FIELDS, type FieldSpec } from '../content-fields';
import { GENERATOR_TYPES, isGeneratorType } from '../gates';

interface FieldProps {
  spec: FieldSpec;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}

function FileField({ spec, value, error, onChange }: FieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const fileName = value instanceof File ? value.name : null;
  return (
    <FormControl error={Boolean(error)} required={spec.required}>
      <FormLabel htmlFor={id} sx={{ mb: 0.5 }}>
        {spec.label}
      </FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <input
          ref={inputRef}
          id={id}
          name={spec.name}
          type="file"
          accept={spec.accept}
          hidden
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <Button variant="outlined" onClick={() => inputRef.current?.click()}>
          Choose File
        </Button>
        <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {fileName ?? 'No file chosen'}
        </Typography>
      </Stack>
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}

function ContentField({ spec, value, error, onChange }: FieldProps) {
  if (spec.kind === 'file') return <FileField spec={spec} value={value} error={error} onChange={onChange} />;
  if (spec.kind === 'checkbox') {
    return (
      <FormControlLabel
        control={<Checkbox name={spec.name} checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
        label={spec.label}
      />
    );
  }
  const text = value === null || value === undefined ? '' : String(value);
  const common = {
    name: spec.name,
    label: spec.label,
    required: spec.required,
    value: text,
    error: Boolean(error),
    helperText: error,
    placeholder: spec.placeholder,
    fullWidth: true,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  switch (spec.kind) {
    case 'select':
      return (
        <TextField {...common} select>
          {(spec.options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'textarea':
      return <TextField {...common} multiline minRows={3} />;
    case 'price':
      return <TextField {...common} type="number" slotProps={{ htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }} />;
    case 'datetime':
      return <TextField {...common} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />;
    case 'email':
      return <TextField {...common} type="email" autoComplete="email" />;
    case 'tel':
      return <TextField {...common} type="tel" autoComplete="tel" />;
    case 'url':
      return <TextField {...common} type="url" slotProps={{ htmlInput: { inputMode: 'url' } }} />;
    case 'password':
      return <TextField {...common} type="password" autoComplete="off" />;
    default:
      return <TextField {...common} />;
  }
}

interface PurposeTabProps {
  qrType: QrType;
  fields: Record<string, unknown>;
  errors: Record<string, string>;
  onTypeRequest: (type: QrType) => void;
  onFieldChange: (name: string, value: unknown) => void;
  /** A saved code's editor (dashboard): its type is shown, not offered (it cannot change), and its uploaded file stays (no file fields). */
  savedCode?: boolean;
}

export function PurposeTab({ qrType, fields, errors, onTypeRequest, onFieldChange, savedCode = false }: PurposeTabProps) {
  const specs = (isGeneratorType(qrType) ? CONTENT_FIELDS[qrType] : []).filter((spec) => !savedCode || spec.kind !== 'file');
  return (
    <Stack spacing={2}>
      {savedCode ? (
        <Typography variant="body2" data-testid="saved-code-type">
          Type: {QR_TYPE_LABELS[qrType]}. A saved code keeps its type.
        </Typography>
      ) : (
        <TextField
          select
          label="QR Code Type"
          value={qrType}
          onChange={(event) => onTypeRequest(event.target.value as QrType)}
          fullWidth
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: '15rem' } } } } } }}
          data-testid="qr-type-select"
        >
          {GENERATOR_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {QR_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Box component="legend" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {QR_TYPE_LABELS[qrType]} details
        </Box>
        <Stack spacing={2}>
          {specs.map((spec) => (
            <ContentField
              key={`${qrType}-${spec.name}`}
              spec={spec}
              value={fields[spec.name]}
              error={errors[spec.name]}
              onChange={(value) => onFieldChange(spec.name, value)}
            />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
