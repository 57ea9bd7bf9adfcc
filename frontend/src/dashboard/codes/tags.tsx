// Tags on codes (issue 35): the owner's tags (GET /api/dashboard/tags, for the list's filter and the suggestions),
// the chips a card shows, and the tag inputs of the edit page and the bulk Tag/Untag dialog. The rules (trimmed, 1 to
// 50 characters, at most 20 a code, none twice ignoring case) are the server's; its 400 is shown as it says it.
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { Autocomplete, Chip, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/http';
import { OWNER_TAGS_KEY, type OwnerTag } from '../data-provider';

export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;

/** The caller's tags, alphabetically, with how many codes carry each; [] while loading or after a failure. */
export function useOwnerTags(): OwnerTag[] {
  const { data } = useQuery({
    queryKey: OWNER_TAGS_KEY,
    queryFn: () => apiJson<OwnerTag[]>('GET', '/api/dashboard/tags'),
    staleTime: 0,
  });
  return data ?? [];
}

/** A card's tags as small chips (nothing when the code has none). */
export function TagChips({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Stack direction="row" component="ul" aria-label="Tags" sx={{ flexWrap: 'wrap', gap: 0.5, m: 0, mb: 0.75, p: 0, listStyle: 'none' }}>
      {tags.map((tag) => (
        <li key={tag}>
          <Chip size="small" color="primary" variant="outlined" icon={<LocalOfferIcon />} label={tag} data-testid="code-tag" />
        </li>
      ))}
    </Stack>
  );
}

interface TagsInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: readonly string[];
  error?: string | null;
}

/** Several tags: type one and press Enter (or pick one of the owner's); each is a chip with a remove button. */
export function TagsInput({ value, onChange, suggestions, error }: TagsInputProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={suggestions.filter((tag) => !value.some((chosen) => chosen.toLowerCase() === tag.toLowerCase()))}
      value={value}
      onChange={(_event, next) => onChange(next.map((tag) => tag.trim()).filter(Boolean))}
      renderValue={(chosen, getItemProps) =>
        chosen.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          placeholder={value.length ? '' : 'e.g. tables'}
          error={Boolean(error)}
          helperText={error ?? `Group codes with your own words: type a tag and press Enter (up to ${TAGS_MAX}).`}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: TAG_MAX_LENGTH } }}
        />
      )}
    />
  );
}

/** One tag: typed, or one of the owner's. */
export function TagInput({
  value,
  onChange,
  suggestions,
}: {
  value: string;
  onChange: (tag: string) => void;
  suggestions: readonly string[];
}) {
  return (
    <Autocomplete
      freeSolo
      options={[...suggestions]}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          label="Tag"
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: TAG_MAX_LENGTH } }}
        />
      )}
    />
  );
}
