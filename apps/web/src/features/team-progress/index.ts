export { employeesQuery, useSendReminders } from './api';
export { mergeReminderAnswers, reminderOutcome } from './reminder-outcome';
