// /asset/{id}: the short link printed on an asset's label opens the asset (after signing in).
import { Navigate, useParams } from 'react-router-dom';
import { links } from '../../domain/paths.ts';

export default function AssetLabelLink() {
  const { id = '' } = useParams();
  return <Navigate to={links.assetDetails(id)} replace />;
}
