import { QR_TYPES, type QrType } from './qr-types';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiJson } from '../api/http';
import type { ApiAnswer } from '../api/types';

export const SELECTED_TEMPLATE_KEY = 'selectedTemplate';
export const PRESELECTED_TYPE_KEY = 'preselectedQRType';

export interface SelectedTemplate {
  qrType: string;
  previewData: Record<string, unknown>;
  title: string;
}

type SubdomainInfo = ApiAnswer<'/api/subdomain-info'>;

export const asQrType = (value: unknown): QrType | undefined =>
  typeof value === 'string' && (QR_TYPES as readonly string[]).includes(value) ? (value as QrType) : undefined;

function readStorage(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function readTemplate(): SelectedTemplate | null {
  const raw = readStorage('session', SELECTED_TEMPLATE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SelectedTemplate;
    return parsed && typeof parsed.qrType === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Which type the generator opens with: ?qr= first (an explicit link), then the tenant's
 * subdomain, then the visitor's stored choice. A template chosen on /templates prefills it.
 */
export function usePreselection() {
  const [params] = useSearchParams();
  const fromQuery = asQrType(params.get('qr'));
  const [template] = useState(readTemplate);
  const [stored] = useState(() => asQrType(readStorage('local', PRESELECTED_TYPE_KEY)));
  const subdomain = useQuery<SubdomainInfo | null>({
    queryKey: ['/api/subdomain-info'],
    queryFn: async () => {
      try {
        return await apiJson<SubdomainInfo>('GET', '/api/subdomain-info');
      } catch {
        return null;
      }
    },
  });
  const fromSubdomain = subdomain.data?.isSubdomain ? asQrType(subdomain.data.qrType) : undefined;

  // The template is consumed once: a later visit to / must not inherit it.
  useEffect(() => {
    if (template) {
      try {
        window.sessionStorage.removeItem(SELECTED_TEMPLATE_KEY);
      } catch {
        // storage unavailable: nothing to clean
      }
    }
  }, [template]);

  const type = fromQuery ?? fromSubdomain ?? stored;
  const prefill = template && asQrType(template.qrType) === type ? template.previewData : undefined;
  return { type, prefill, templateTitle: template && prefill ? template.title : undefined };
}
