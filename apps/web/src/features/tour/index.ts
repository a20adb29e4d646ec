export { LazyTourController as TourController } from './LazyTourController';
export { restartTour } from './restart-tour';
