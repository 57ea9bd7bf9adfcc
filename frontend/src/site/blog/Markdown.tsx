import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Inline **bold** and `code`; everything else is plain text (no HTML is ever injected). */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/g).map((part, index) => {
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`')) return <code key={index}>{part.slice(1, -1)}</code>;
    return part;
  });
}

/** The blog's simple markdown: ## and ### headings, paragraphs, - and 1. lists. */
export function Markdown({ source }: { source: string }) {
  const blocks = source.trim().split(/\n\s*\n/);
  return (
    <Box sx={{ '& code': { bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 } }}>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        if (block.startsWith('### ')) {
          return (
            <Typography key={index} variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
              {inline(block.slice(4))}
            </Typography>
          );
        }
        if (block.startsWith('## ')) {
          return (
            <Typography key={index} variant="h5" component="h2" sx={{ mt: 4, mb: 1.5, fontWeight: 700 }}>
              {inline(block.slice(3))}
            </Typography>
          );
        }
        if (lines.every((line) => /^- /.test(line))) {
          return (
            <Box component="ul" key={index} sx={{ pl: 3, my: 2 }}>
              {lines.map((line, item) => (
                <Typography component="li" key={item} sx={{ mb: 0.5 }}>
                  {inline(line.slice(2))}
                </Typography>
              ))}
            </Box>
          );
        }
        if (lines.every((line) => /^\d+\. /.test(line))) {
          return (
            <Box component="ol" key={index} sx={{ pl: 3, my: 2 }}>
              {lines.map((line, item) => (
                <Typography component="li" key={item} sx={{ mb: 0.5 }}>
                  {inline(line.replace(/^\d+\. /, ''))}
                </Typography>
              ))}
            </Box>
          );
        }
        return (
          <Typography key={index} sx={{ my: 2, lineHeight: 1.75 }}>
            {inline(lines.join(' '))}
          </Typography>
        );
      })}
    </Box>
  );
}
