// The first-time walkthrough in en, and the profile-data failure of spec point 8.
export const welcomeEn = {
  title: 'Welcome to the fleet portal',
  skip: 'Close',
  back: 'Back',
  next: 'Next',
  done: 'Get started',
  steps: {
    machines: {
      title: 'Your machines',
      text: 'Every machine with its hours active, idle and off, its fuel and CO2, for any range. Filter, search and download what you see.',
    },
    dashboard: {
      title: 'The dashboard',
      text: 'How hard the fleet worked: utilisation, fuel and emissions by day, week or month, and the busiest machines.',
    },
    map: {
      title: 'The fleet map',
      text: 'Where each machine is now, and whether it is working, idle or off.',
    },
    routes: {
      title: 'Routes and sites',
      text: "Each machine's trips and stops on a day, and the sites it worked at.",
    },
  },
};

export const profileFailedEn =
  'Something went wrong getting the profile data, please try again later. If problem persists, please contact support';
