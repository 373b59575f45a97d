import { LoginAttemptEntity } from '@/auth/login-attempt.entity.js';
import { PasswordResetTokenEntity } from '@/auth/password-reset-token.entity.js';
import { SessionEntity } from '@/auth/session.entity.js';
import { CommentEntity } from '@/comments/comment.entity.js';
import { FindingEntity } from '@/findings/finding.entity.js';
import { InspectionReportRequestEntity } from '@/findings/inspection-report-request.entity.js';
import { CompanyEntity } from '@/companies/company.entity.js';
import { ContactMessageEntity } from '@/contact/contact-message.entity.js';
import { MediaEntity } from '@/media/media.entity.js';
import { RepairCalendarTokenEntity } from '@/repairs/repair-calendar-token.entity.js';
import { RepairDigestEntity } from '@/repairs/repair-digest.entity.js';
import { RepairFindingEntity } from '@/repairs/repair-finding.entity.js';
import { RepairMediaEntity } from '@/repairs/repair-media.entity.js';
import { RepairWorkOrderEntity } from '@/repairs/repair-work-order.entity.js';
import { ReportEntity } from '@/reports/report.entity.js';
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UploadIntentEntity } from '@/uploads/upload-intent.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/** Every table the bff owns. Migrations must produce exactly these (a test checks). */
export const ENTITIES = [
  CompanyEntity,
  UserEntity,
  TurbineEntity,
  SessionEntity,
  PasswordResetTokenEntity,
  LoginAttemptEntity,
  MediaEntity,
  UploadIntentEntity,
  ReportEntity,
  CommentEntity,
  ContactMessageEntity,
  FindingEntity,
  InspectionReportRequestEntity,
  RepairWorkOrderEntity,
  RepairFindingEntity,
  RepairMediaEntity,
  RepairCalendarTokenEntity,
  RepairDigestEntity,
];
