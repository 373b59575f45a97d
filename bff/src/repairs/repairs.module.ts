import { Module } from '@nestjs/common';
import { FindingsModule } from '@/findings/findings.module.js';
import { MediaModule } from '@/media/media.module.js';
import { TurbinesModule } from '@/turbines/turbines.module.js';
import { UsersModule } from '@/users/users.module.js';
import { RepairCalendar } from './repair-calendar.js';
import { RepairCalendarTokensRepository } from './repair-calendar-tokens.repository.js';
import { RepairClock } from './repair-clock.js';
import { RepairDigestWorker } from './repair-digest.worker.js';
import { RepairDigestsRepository } from './repair-digests.repository.js';
import { RepairWorkOrdersRepository } from './repair-work-orders.repository.js';
import { RepairsController } from './repairs.controller.js';
import { RepairsService } from './repairs.service.js';

@Module({
  imports: [FindingsModule, MediaModule, TurbinesModule, UsersModule],
  controllers: [RepairsController],
  providers: [
    RepairsService,
    RepairWorkOrdersRepository,
    RepairCalendarTokensRepository,
    RepairDigestsRepository,
    RepairCalendar,
    RepairDigestWorker,
    RepairClock,
  ],
  exports: [RepairWorkOrdersRepository],
})
export class RepairsModule {}
