import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import { useId, useState } from 'react';

export interface FaqItem {
  question: string;
  answer: string;
}

/** A single-open accordion: opening one answer closes the other. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | false>(false);
  const baseId = useId();
  return (
    <div data-testid="faq-accordion">
      {items.map((item, index) => (
        <Accordion
          key={item.question}
          expanded={open === index}
          onChange={(_, expanded) => setOpen(expanded ? index : false)}
          disableGutters
          variant="outlined"
          sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${baseId}-q${index}`} aria-controls={`${baseId}-a${index}`}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`${baseId}-a${index}`} role="region" aria-labelledby={`${baseId}-q${index}`}>
            <Typography color="text.secondary">{item.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
