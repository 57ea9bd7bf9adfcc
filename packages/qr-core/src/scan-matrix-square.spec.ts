import { describeScanMatrix } from '../test/scan-matrix';

describeScanMatrix('square');
