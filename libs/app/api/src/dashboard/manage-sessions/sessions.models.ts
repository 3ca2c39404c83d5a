import { ApiProperty } from '@nestjs/swagger';

export class SessionModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f708192a3b4' }) sessionId!: string;
  @ApiProperty({ example: 'Mozilla/5.0 …' }) userAgent!: string;
  @ApiProperty({ example: '203.0.113.7' }) address!: string;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) startedAt!: string;
  @ApiProperty({ example: '2025-06-15T12:00:00.000Z' }) expiresAt!: string;
  @ApiProperty({ example: true, description: 'The session making this request' }) current!: boolean;
}

export class SessionListModel {
  @ApiProperty({ type: [SessionModel] }) items!: SessionModel[];
}
