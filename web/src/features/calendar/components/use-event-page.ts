import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useContractId } from '@/lib/auth/hooks';
import { calendarQueries } from '../api/calendars';

/**
 * The calendar, its categories and the event an event page's address names; once `deleted`, the
 * event is never asked again (a 404 would be a page error).
 */
export function useEventPage(deleted = false) {
  const params = useParams();
  const calendarId = Number(params.calendrierId);
  const eventId = Number(params.eventId);
  const contractId = useContractId();
  const valid = Number.isInteger(calendarId) && calendarId > 0 && Number.isInteger(eventId) && eventId > 0;
  const calendar = useQuery({ ...calendarQueries.detail(contractId, calendarId), enabled: valid });
  const categories = useQuery({ ...calendarQueries.categories(contractId, calendarId), enabled: valid });
  const event = useQuery({
    ...calendarQueries.event(contractId, calendarId, eventId),
    enabled: valid && !deleted,
  });
  return { contractId, calendarId, eventId, calendar, categories, event };
}
