// The machine filter categories of spec point 3, with the keys the filter query and the list use.
// Categories whose keys are fixed (not drawn from the organisation's data) list them here.
import type { OrganisationType } from './constants.ts';

export const FILTER_CATEGORIES = [
  { key: 'customer', name: 'Customer' },
  { key: 'customerCode', name: 'Customer code' },
  { key: 'hiredStatus', name: 'Hired status' },
  { key: 'type', name: 'Machine type' },
  { key: 'oem', name: 'OEM' },
  { key: 'site', name: 'Site' },
  { key: 'siteCode', name: 'Site code' },
  { key: 'machine', name: 'Specific machine' },
  { key: 'telematics', name: 'Telematics' },
  { key: 'group', name: 'Group' },
  { key: 'source', name: 'Source' },
  { key: 'shift', name: 'Shift' },
  { key: 'siteShift', name: 'Site shift' },
  { key: 'sourceStatus', name: 'Source status' },
  { key: 'batteryStatus', name: 'Battery status' },
  { key: 'signalStatus', name: 'Signal Status' },
  { key: 'signalValue', name: 'Signal Value' },
  { key: 'lastReportedActivity', name: 'Last reported activity' },
  { key: 'lastReportedLocation', name: 'Last reported location' },
  { key: 'ownershipType', name: 'Machine Ownership Type' },
  { key: 'owner', name: 'Machine Owner' },
  { key: 'status', name: 'Status' },
  { key: 'meter', name: 'Hour meter' },
  { key: 'service', name: 'Service' },
] as const;
export type FilterCategoryKey = (typeof FILTER_CATEGORIES)[number]['key'];

/**
 * Spec point 6: the organisation's type decides what means something. A contractor (end-user)
 * hires out to no one, so it has no customers to filter or show.
 */
export const CUSTOMER_CATEGORIES: readonly FilterCategoryKey[] = ['customer', 'customerCode'];

export function filterCategoriesFor(type: OrganisationType) {
  return type === 'end-user'
    ? FILTER_CATEGORIES.filter((category) => !CUSTOMER_CATEGORIES.includes(category.key))
    : FILTER_CATEGORIES;
}

/** Fixed keys with their English names; the portal translates them. */
export const FIXED_FILTER_OPTIONS: Partial<Record<FilterCategoryKey, [string, string][]>> = {
  hiredStatus: [
    ['ON_HIRE', 'On hire'],
    ['OFF_HIRE', 'Off hire'],
  ],
  telematics: [
    ['fitted', 'Device fitted'],
    ['none', 'No device'],
  ],
  sourceStatus: [
    ['reporting', 'Reported in the last 24 hours'],
    ['silent', 'Silent for over 24 hours'],
    ['never', 'Never reported'],
  ],
  batteryStatus: [
    ['ok', 'Battery fine'],
    ['low', 'Battery low'],
    ['critical', 'Battery critical'],
    ['unknown', 'No battery reading'],
  ],
  signalStatus: [
    ['good', 'Good signal'],
    ['fair', 'Fair signal'],
    ['weak', 'Weak signal'],
    ['unknown', 'No signal reading'],
  ],
  signalValue: [
    ['5', '5 bars'],
    ['4', '4 bars'],
    ['3', '3 bars'],
    ['2', '2 bars'],
    ['1', '1 bar'],
    ['0', 'No signal'],
  ],
  lastReportedActivity: [
    ['today', 'Today'],
    ['last7Days', 'In the last 7 days'],
    ['older', 'Before the last 7 days'],
    ['never', 'Never'],
  ],
  lastReportedLocation: [
    ['today', 'Today'],
    ['last7Days', 'In the last 7 days'],
    ['older', 'Before the last 7 days'],
    ['never', 'Never'],
  ],
  service: [
    ['overdue', 'A task overdue'],
    ['dueSoon', 'A task due soon'],
    ['notToBeUsed', 'Not to be used (safety inspection overdue)'],
  ],
  meter: [
    ['oem', 'Read from the OEM feed'],
    ['tracker', 'Read from the tracker'],
    ['computed', 'Counted on from a manual reading'],
    ['none', 'No reading yet'],
    ['drifting', 'Sources disagree'],
  ],
  status: [
    ['active', 'In the fleet'],
    ['archived', 'Archived'],
    ['brokendown', 'Broken down'],
  ],
};
