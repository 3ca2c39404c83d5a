import { applyDecorators, Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../auth/auth.decorators';

/** An /admin/v1 controller: the ADMIN_TOKEN bearer instead of an API key (no route at all when it is unset). */
export const AdminController = (path: string): ClassDecorator =>
  applyDecorators(ApiTags('admin'), ApiBearerAuth('admin'), AdminRoute(), Controller(path));
