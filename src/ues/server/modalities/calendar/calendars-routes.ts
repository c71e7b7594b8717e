import { z } from 'zod';
import type { UesRouter } from '../../http/router.js';
import { zNullable } from './input.js';
import { DEFAULT_CALENDAR_COLOR } from './model.js';
import type { CalendarState } from './state.js';

const calendarId = z.string().min(1);

const createBody = z.object({
  calendar_id: calendarId,
  name: z.string(),
  color: z.string().default(DEFAULT_CALENDAR_COLOR),
  visible: z.boolean().default(true),
});

const updateBody = z.object({
  calendar_id: calendarId,
  name: zNullable(z.string()),
  color: zNullable(z.string()),
  visible: zNullable(z.boolean()),
});

const idBody = z.object({ calendar_id: calendarId });

/**
 * `/calendar/calendars…`: calendar containers. As in the original these change the state directly:
 * no simulator event, no undo entry, and `update_count` is untouched. Journaling them would need an
 * event to hang the undo entry on, which would also change the event log the original produces.
 */
export function registerCalendarContainerRoutes(router: UesRouter, calendar: () => CalendarState): void {
  const { engine } = router.context;

  router.get('/calendar/calendars', { permission: 'calendar:calendars:list' }, () => {
    const state = calendar();
    const calendars = state.calendarInfos();
    return { calendars, count: calendars.length, default_calendar_id: state.defaultCalendarId };
  });

  router.post(
    '/calendar/calendars/create',
    { permission: 'calendar:calendars:create', body: createBody },
    ({ body }) => {
      const state = calendar();
      const created = state.createCalendar(body, engine.now);
      return {
        status: 'success',
        message: `Created calendar: ${created.name}`,
        calendar: state.calendarInfo(created),
      };
    },
  );

  router.post(
    '/calendar/calendars/update',
    { permission: 'calendar:calendars:update', body: updateBody },
    ({ body }) => {
      const state = calendar();
      const { calendar_id, ...changes } = body;
      const updated = state.updateCalendar(calendar_id, changes, engine.now);
      return {
        status: 'success',
        message: `Updated calendar: ${updated.name}`,
        calendar: state.calendarInfo(updated),
      };
    },
  );

  router.post(
    '/calendar/calendars/delete',
    { permission: 'calendar:calendars:delete', body: idBody },
    ({ body }) => {
      const deleted = calendar().deleteCalendar(body.calendar_id);
      return { status: 'success', message: `Deleted calendar: ${deleted.name}`, calendar: null };
    },
  );

  router.post(
    '/calendar/calendars/set-default',
    { permission: 'calendar:calendars:default', body: idBody },
    ({ body }) => {
      const state = calendar();
      const target = state.setDefaultCalendar(body.calendar_id);
      return {
        status: 'success',
        message: `Set default calendar to: ${target.name}`,
        calendar: state.calendarInfo(target),
      };
    },
  );
}
