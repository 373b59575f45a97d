import { Controller, Inject } from '@nestjs/common';
import { basemapOf, mapBasemap, successOf } from '@kanat360/contracts';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { Route, RouteGroup } from '@/openapi/route.js';

@RouteGroup('turbines')
@Controller('map')
export class MapController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Route('GET', 'basemap', {
    summary: "The fleet map's basemap",
    description:
      '`embedded` (Natural Earth borders shipped with the panel: nothing is fetched from elsewhere), or the MapLibre ' +
      'style or PMTiles archive MAP_STYLE_URL names.',
    access: 'turbine.read',
    answers: { 200: successOf(mapBasemap) },
  })
  basemap() {
    return { success: true as const, data: basemapOf(this.config.mapStyleUrl) };
  }
}
