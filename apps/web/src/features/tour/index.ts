export { restartTour } from './restart-tour';
export { TourController } from './TourController';
