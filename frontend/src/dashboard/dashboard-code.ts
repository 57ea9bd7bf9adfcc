import type { RaRecord } from 'react-admin';

/** A code as GET /api/dashboard/codes answers it (the fields the dashboard uses). */
export interface DashboardCode extends RaRecord<string> {
  id: string;
  qrMode: 'static' | 'dynamic';
  qrType: string;
  name: string | null;
  /** What the code encodes: the text for static codes, the /d/ link for dynamic ones. */
  content: string | null;
  qrData: Record<string, unknown>;
  createdAt: string;
  version: number;
  isPaused: boolean;
  /** Dynamic codes suspended by staff (abuse): /d/ answers the disabled page; the owner sees the reason, cannot resume. */
  isSuspended?: boolean;
  suspensionReason?: string | null;
  fgColor: string;
  bgColor: string;
  gradientColor: string | null;
  dotShape: string;
  cornerShape: string;
  innerCornerShape: string;
  outerCornerColor: string | null;
  innerCornerColor: string | null;
  errorCorrectionLevel: string;
  logoFilePath: string | null;
  logoFileName: string | null;
  enableFrame: boolean;
  frameText: string;
  frameColor: string;
  frameTextColor: string;
  frameStyle: string;
  // Dynamic codes only.
  shortCode?: string;
  link?: string;
  destination?: string | null;
  scanCount?: number;
  hasPassword?: boolean;
}
