#pragma once
constexpr int from_neighbour = 5;
