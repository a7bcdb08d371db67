// English: react-admin's own messages plus the portal's; the layer under every other language.
import englishMessages from 'ra-language-english';
import type { Catalog } from './catalog.ts';

export const en = {
  ...englishMessages,
  resources: {
    machines: {
      name: 'Machine |||| Machines',
      fields: {
        name: 'Name',
        assetId: 'Asset ID',
        category: 'Category',
        type: 'Type',
        site: 'Site',
        customer: 'Customer',
        hiredStatus: 'Hire status',
        lastSeenAt: 'Last seen',
        contractNumber: 'Contract',
        oem: 'OEM',
        activeHours: 'Active h',
        idleHours: 'Idle h',
        outOfHours: 'Out of hours h',
      },
    },
  },
  app: {
    name: 'Fleet portal',
    login: {
      title: 'Sign in',
      subtitle: 'Machines, activity, fuel and emissions across your fleet',
      email: 'E-mail address',
      password: 'Password',
      continue: 'Continue',
      sign_in: 'Sign in',
      back: 'Use another e-mail address',
      signing_in_as: 'Signing in as %{email}',
      checking: 'Checking…',
      invalid_credentials: 'The e-mail address or password is incorrect.',
      too_many_attempts: 'Too many failed sign-ins. Please try again in %{minutes} minutes.',
      sso_required:
        'Your organisation signs in through %{provider} (%{type}). Single sign-on is not enabled on this server yet; please contact your administrator.',
      codes: {
        VALIDATION: 'Please enter a valid e-mail address.',
        TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait a few minutes and try again.',
      },
    },
    auth: {
      session_expired: 'Your session has expired. Please log in again.',
      session_timed_out: 'Unfortunately, your session has timed out, please log in.',
      signing_out: 'Signing out…',
    },
    errors: {
      no_response:
        "We couldn't connect to the product, please check your internet connection and try again. If problem persists, please contact support",
      speed_bump: 'We have hit a speed bump!',
      reload: 'Click here to reload the page',
      page_load: 'There was an error loading the page, please check your connection and try again',
      retry: 'Retry',
      machines:
        'Something went wrong fetching your machines, please try again later. If problem persists, please contact support',
    },
    connectivity: {
      online: 'Online',
      offline: 'Offline',
    },
    menu: {
      language: 'Language',
      organisation: 'Organisation',
      switch_organisation: 'Switch to %{name}',
    },
    not_found: {
      title: 'Page not found',
      message: 'The page you asked for does not exist, or it has moved.',
      home: 'Go to the machines',
    },
    machines: {
      search: 'Search machines',
      show: {
        label: 'Show',
        active: 'In the fleet',
        archived: 'Archived',
        all: 'All',
      },
      summary: {
        machines: 'Machines',
        on_hire: 'On hire',
        with_activity: 'Reporting activity',
        active_hours: 'Active hours',
        idle_hours: 'Idle hours',
      },
      hire_status: {
        ON_HIRE: 'On hire',
        OFF_HIRE: 'Off hire',
      },
      never_seen: 'No data yet',
      no_telemetry:
        'No device has reported for these machines yet. Hours, fuel and emissions appear here once their trackers send data.',
      breakdown: 'Broken down',
      archived: 'Archived',
    },
    machine: {
      back: 'Back to the machines',
      not_found: 'This machine does not exist, or you may not see it.',
      load_error: 'Something went wrong getting the machine, please try again later.',
      not_in_range: 'There is no activity you may see in this range.',
      timeline_of: 'Activity on %{date}',
      active_idle: 'Engine hours (active and idle)',
      out_of_hours: 'Out of hours',
      fuel: 'Fuel',
      estimated: 'estimated',
      co2: 'CO2',
      distance: 'Distance',
      trips: 'Trips',
      refills: 'Refills',
      thefts: 'Thefts',
      operator: 'Operator',
      location: 'Last location',
      sources: 'Devices',
      from: 'From',
      to: 'To',
      show_range: 'Show',
      earlier: 'Earlier',
      view_timeline: 'Timeline',
      view_table: 'Table',
      day: 'Day',
      state: 'State',
      duration: 'Duration',
      time_zone: 'Times in %{zone}',
      day_of: '%{date}',
      segment: '%{state} from %{from} to %{to} (%{duration})',
      range_totals: 'Totals for the range',
      states: {
        active: 'Active',
        idle: 'Idle',
        off: 'Off',
        missing: 'No data',
        brokendown: 'Broken down',
      },
    },
    embedded: {
      sign_in: 'Sign in to the fleet portal to see your machines here.',
      open_portal: 'Open the portal',
    },
  },
};

export type AppCatalog = Catalog<typeof en>;
