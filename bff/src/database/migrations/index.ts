import { type MigrationInterface } from 'typeorm';
import { Initial1795288609659 } from './1795288609659-initial.js';
import { InspectionData1795290726403 } from './1795290726403-inspectiondata.js';
import { ContactMessages1795300000000 } from './1795300000000-contact-messages.js';
import { UploadLedger1795310000000 } from './1795310000000-upload-ledger.js';
import { MediaViewers1795316400000 } from './1795316400000-media-viewers.js';
import { Findings1795513597712 } from './1795513597712-findings.js';
import { FindingsOpenSeverity1795520000000 } from './1795520000000-findings-open-severity.js';
import { FindingsKeepPhotos1795524893349 } from './1795524893349-findings-keep-photos.js';
import { MediaCapture1795600000000 } from './1795600000000-media-capture.js';
import { Repairs1795700000000 } from './1795700000000-repairs.js';
import { TurbineAssets1795800000000 } from './1795800000000-turbine-assets.js';
import { SessionNotices1795900000000 } from './1795900000000-session-notices.js';

/** Every migration, oldest first. `pnpm --filter @kanat360/bff cli migration:generate Name` writes the next one. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795288609659,
  InspectionData1795290726403,
  ContactMessages1795300000000,
  UploadLedger1795310000000,
  MediaViewers1795316400000,
  Findings1795513597712,
  FindingsOpenSeverity1795520000000,
  FindingsKeepPhotos1795524893349,
  MediaCapture1795600000000,
  Repairs1795700000000,
  TurbineAssets1795800000000,
  SessionNotices1795900000000,
];
