import { ApiProperty } from '@nestjs/swagger';
import { KeyDescriptionModel } from '../../shared/api-key-change.models';

class KeyOwnerModel {
  @ApiProperty({ example: '3349518220705792' }) userId!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
}

export class TeamKeyModel extends KeyDescriptionModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({ example: 'CRM integration' }) label!: string;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: '2025-06-02T08:15:00.000Z' }) lastUsedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) revokedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) rotatedAt!: string | null;
  @ApiProperty({ type: KeyOwnerModel, nullable: true, description: 'null for keys an operator made' })
  owner!: KeyOwnerModel | null;
}

export class TeamKeyListModel {
  @ApiProperty({ type: [TeamKeyModel] }) items!: TeamKeyModel[];
}
