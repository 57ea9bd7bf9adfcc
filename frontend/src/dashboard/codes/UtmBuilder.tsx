// Issue 33, a UTM builder under a destination field (the code's Website URL, each routing destination): 'UTM tags'
// opens source, medium, campaign, term and content, filled from the tags the address already has; the address they
// make is shown as typed, and Apply puts it in the field (its own query kept, utm/withUtm). Nothing is saved here: the
// field's own Save does it.
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { Box, Button, Collapse, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { readUtm, UTM_TAGS, withUtm, type UtmTags } from './utm';

interface Props {
  /** The destination field's label ('Website URL', 'Rule 1 destination'): names this builder for assistive technology. */
  label: string;
  value: string;
  onApply: (address: string) => void;
}

export function UtmBuilder({ label, value, onApply }: Props) {
  const [open, setOpen] = useState(false);
  const [tags, setTags] = useState<UtmTags>(() => readUtm(value));
  const built = withUtm(value, tags);

  const toggle = () => {
    if (!open) setTags(readUtm(value));
    setOpen(!open);
  };

  return (
    <Box>
      <Button size="small" startIcon={<SellOutlinedIcon />} onClick={toggle} aria-expanded={open} aria-label={`UTM tags for ${label}`}>
        UTM tags
      </Button>
      <Collapse in={open} unmountOnExit>
        <Paper variant="outlined" role="group" aria-label={`UTM tags for ${label}`} sx={{ p: 2, mt: 1 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {UTM_TAGS.map(([tag, name, example]) => (
              <TextField
                key={tag}
                label={name}
                value={tags[tag]}
                onChange={(event) => setTags((current) => ({ ...current, [tag]: event.target.value }))}
                placeholder={example}
                size="small"
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            ))}
          </Box>
          <Typography
            variant="body2"
            color={built === null ? 'error' : 'text.secondary'}
            sx={{ mt: 2, overflowWrap: 'anywhere' }}
            data-testid="utm-preview"
          >
            {built === null ? 'Enter a web address (https://…) first.' : built}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              size="small"
              disabled={built === null || built === value.trim()}
              onClick={() => {
                if (built === null) return;
                onApply(built);
                setOpen(false);
              }}
            >
              Apply
            </Button>
            <Button size="small" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Stack>
        </Paper>
      </Collapse>
    </Box>
  );
}
