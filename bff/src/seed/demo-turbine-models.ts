import { type TurbineWrite } from '@/turbines/turbines.repository.js';

type ModelData = Pick<
  TurbineWrite,
  'manufacturer' | 'model' | 'ratedPowerKw' | 'hubHeightM' | 'rotorDiameterM' | 'bladeLengthM'
>;

// Machines that stand in the Aegean and Marmara wind regions, with their makers' published rotor diameters, blade
// lengths and ratings (hub heights: one of each model's offered towers). Each blade outreaches the demo findings of
// its turbine's rooms.
const NORDEX_N117: ModelData = {
  manufacturer: 'Nordex',
  model: 'N117/3600',
  ratedPowerKw: 3600,
  hubHeightM: 91,
  rotorDiameterM: 116.8,
  bladeLengthM: 57.3,
};
const VESTAS_V90: ModelData = {
  manufacturer: 'Vestas',
  model: 'V90-3.0 MW',
  ratedPowerKw: 3000,
  hubHeightM: 80,
  rotorDiameterM: 90,
  bladeLengthM: 44,
};
const VESTAS_V112: ModelData = {
  manufacturer: 'Vestas',
  model: 'V112-3.45 MW',
  ratedPowerKw: 3450,
  hubHeightM: 94,
  rotorDiameterM: 112,
  bladeLengthM: 54.65,
};
const ENERCON_E82: ModelData = {
  manufacturer: 'Enercon',
  model: 'E-82 E2',
  ratedPowerKw: 2300,
  hubHeightM: 78,
  rotorDiameterM: 82,
  bladeLengthM: 38.8,
};
const ENERCON_E70: ModelData = {
  manufacturer: 'Enercon',
  model: 'E-70 E4',
  ratedPowerKw: 2300,
  hubHeightM: 64,
  rotorDiameterM: 71,
  bladeLengthM: 33.3,
};
const SIEMENS_GAMESA_132: ModelData = {
  manufacturer: 'Siemens Gamesa',
  model: 'SG 3.4-132',
  ratedPowerKw: 3465,
  hubHeightM: 84,
  rotorDiameterM: 132,
  bladeLengthM: 64.5,
};

/** The model data of each demo turbine, by its code: the asset register's fields the seed fills. */
export const DEMO_TURBINE_MODELS: Readonly<Record<string, ModelData & Pick<TurbineWrite, 'commissionedYear'>>> = {
  'ARE-ALG-01': { ...NORDEX_N117, commissionedYear: 2016 },
  'ARE-ALG-02': { ...NORDEX_N117, commissionedYear: 2016 },
  'ARE-BND-01': { ...ENERCON_E82, commissionedYear: 2011 },
  'ARE-BND-02': { ...ENERCON_E82, commissionedYear: 2012 },
  'ARE-SOM-01': { ...ENERCON_E70, commissionedYear: 2009 },
  'ARE-GLB-01': { ...SIEMENS_GAMESA_132, commissionedYear: 2021 },
  'EYE-CSM-01': { ...VESTAS_V90, commissionedYear: 2013 },
  'EYE-KRB-01': { ...VESTAS_V90, commissionedYear: 2010 },
  'EYE-BZC-01': { ...VESTAS_V112, commissionedYear: 2018 },
};
