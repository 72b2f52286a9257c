import AreaPlaceholder from './area-placeholder';

/** Any path the route table does not know. */
export default function NotFoundScreen() {
  return <AreaPlaceholder area="device" framed titleId="shell.notFound.title" bodyId="shell.notFound.body" />;
}
