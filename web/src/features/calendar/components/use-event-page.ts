import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useCurrentContract } from '@/lib/auth/hooks';
import { calendarQueries } from '../api/calendars';

/**
 * The calendar, its categories and the event an event page's address names; once `deleted`, the
 * event is never asked again (a 404 would be a page error).
 */
export function useEventPage(deleted = false) {
  const params = useParams();
  const calendarId = Number(params.calendrierId);
  const eventId = Number(params.eventId);
  const { contractId } = useCurrentContract();
  const cid = contractId ?? 0;
  const valid =
    Number.isInteger(calendarId) &&
    calendarId > 0 &&
    Number.isInteger(eventId) &&
    eventId > 0 &&
    contractId !== null;
  const calendar = useQuery({ ...calendarQueries.detail(cid, calendarId), enabled: valid });
  const categories = useQuery({ ...calendarQueries.categories(cid, calendarId), enabled: valid });
  const event = useQuery({ ...calendarQueries.event(cid, calendarId, eventId), enabled: valid && !deleted });
  return { cid, calendarId, eventId, calendar, categories, event };
}
