import type { ImageMetadata } from 'astro';
import type { MessageKey } from '@kanat360/i18n';
import rovCable from '../assets/scenes/rov-cable.svg';
import rovFoundation from '../assets/scenes/rov-foundation.svg';
import turbineSunset from '../assets/scenes/turbine-sunset.svg';

/** The three pictures of spec §1 (a turbine, two underwater ROV service scenes), with the catalog key of each name. */
export const SCENES: { image: ImageMetadata; name: MessageKey }[] = [
  { image: turbineSunset, name: 'site.home.slideshow.turbine' },
  { image: rovFoundation, name: 'site.home.slideshow.rovFoundation' },
  { image: rovCable, name: 'site.home.slideshow.rovCable' },
];
