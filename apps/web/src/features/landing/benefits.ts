/** What Castellan does for the person who looks after the office's IT, in three plain points. */
export const BENEFITS = [
  {
    title: 'One score you can explain',
    text: 'A grade from A to F for the whole company, and the few changes that would raise it next.',
  },
  {
    title: 'A short list for each person',
    text: 'Everyone gets their own tasks of a few minutes each, with steps that need no IT knowledge.',
  },
  {
    title: 'See what attackers see',
    text: 'Castellan checks your domain, your e-mail set-up and your Google Workspace or Microsoft 365.',
  },
] as const;
