export { TrafficTimeline, type TrafficTimelineProps, type TrafficPoint } from './TrafficTimeline.js';
