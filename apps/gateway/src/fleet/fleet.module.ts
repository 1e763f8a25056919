import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { ProxyServiceModule } from '../proxy/proxy-service.module.js';
import { FleetActivityInterceptor } from './fleet-activity.interceptor.js';
import { FleetController } from './fleet.controller.js';
import { FleetService } from './fleet.service.js';

/** The fleet snapshot (issue 32): one reading of every setup, served to every operator. */
@Module({
  imports: [ScheduleModule.forRoot(), ProxyServiceModule],
  controllers: [FleetController],
  providers: [FleetService, { provide: APP_INTERCEPTOR, useClass: FleetActivityInterceptor }],
  // Saved views filter the same snapshot (views/fleet-list.service.ts).
  exports: [FleetService],
})
export class FleetModule {}
