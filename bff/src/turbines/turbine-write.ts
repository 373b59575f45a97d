import {
  type CreateTurbineBody,
  formatCoordinates,
  positionOf,
  type Turbine,
  type TurbineStatus,
  type UpdateTurbineBody,
} from '@kanat360/contracts';
import { type TurbineWrite } from './turbines.repository.js';

/**
 * The row a create or update writes. Model data and position the body leaves out keep `current`'s values (none on a
 * create). The position is written as numbers and as its "lat,lng" text; a body naming none keeps an older client's
 * free text as it is.
 */
export function toWrite(
  body: CreateTurbineBody | UpdateTurbineBody,
  current: Turbine | null,
  status: TurbineStatus,
  rooms: number,
  companyId: number,
): TurbineWrite {
  const keep = <T>(given: T | null | undefined, kept: T | null | undefined): T | null =>
    given === undefined ? (kept ?? null) : given;
  const position = positionOf(body);
  return {
    turbineName: body.turbine_name ?? body.name,
    code: body.code,
    city: body.city,
    location: body.location,
    siteName: body.site_name,
    rooms,
    status,
    companyId,
    manufacturer: keep(body.manufacturer, current?.manufacturer),
    model: keep(body.model, current?.model),
    ratedPowerKw: keep(body.rated_power_kw, current?.rated_power_kw),
    hubHeightM: keep(body.hub_height_m, current?.hub_height_m),
    rotorDiameterM: keep(body.rotor_diameter_m, current?.rotor_diameter_m),
    bladeLengthM: keep(body.blade_length_m, current?.blade_length_m),
    commissionedYear: keep(body.commissioned_year, current?.commissioned_year),
    ...(position === undefined
      ? {
          latitude: current?.latitude ?? null,
          longitude: current?.longitude ?? null,
          coordinates: current?.coordinates ?? null,
        }
      : position === null
        ? { latitude: null, longitude: null, coordinates: null }
        : { ...position, coordinates: formatCoordinates(position) }),
  };
}
