export { Slider, type SliderProps } from './Slider.js';
