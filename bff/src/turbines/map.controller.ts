import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ApiSuccess, basemapOf, type MapBasemap } from '@kanat360/contracts';
import { RequirePermission } from '@/auth/access.decorators.js';
import { type Config, CONFIG } from '@/config/config.provider.js';

@ApiTags('turbines')
@Controller('map')
export class MapController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Get('basemap')
  @RequirePermission('turbine.read')
  @ApiOperation({
    summary: "The fleet map's basemap",
    description:
      '`embedded` (Natural Earth borders shipped with the panel: nothing is fetched from elsewhere), or the MapLibre ' +
      'style or PMTiles archive MAP_STYLE_URL names.',
  })
  basemap(): ApiSuccess<MapBasemap> {
    return { success: true, data: basemapOf(this.config.mapStyleUrl) };
  }
}
